import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';

export const providersRoutes: FastifyPluginAsync<AppContext> = async () => {};
