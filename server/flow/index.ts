// Every page route of the checkout, and "any other route redirects to /".
import type { FastifyInstance } from 'fastify';
import { registerHome } from './home.ts';
import { registerLegalPages } from './legal.ts';
import { registerQuote } from './quote.ts';

export async function registerPages(app: FastifyInstance): Promise<void> {
  registerHome(app);
  registerQuote(app);
  registerLegalPages(app);
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect('/', 302);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
