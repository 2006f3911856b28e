import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';

export const b2wRoutes: FastifyPluginAsync<AppContext> = async () => {};
