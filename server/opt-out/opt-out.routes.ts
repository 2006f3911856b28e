import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';

export const optOutRoutes: FastifyPluginAsync<AppContext> = async () => {};
