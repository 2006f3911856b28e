import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';

export const supportRoutes: FastifyPluginAsync<AppContext> = async () => {};
