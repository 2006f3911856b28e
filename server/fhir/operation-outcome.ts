import type { FastifyInstance } from 'fastify';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { errorAnswer } from '../errors';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** An OperationOutcome issue type (http://hl7.org/fhir/issue-type) for each status a FHIR call answers with. */
type IssueType = 'invalid' | 'not-supported' | 'login' | 'forbidden' | 'not-found' | 'deleted' | 'processing' | 'throttled' | 'transient' | 'exception' | 'conflict' | 'duplicate';

/** A FHIR error: its status, and the issue naming what was wrong and where (a FHIRPath expression), or several issues (a resource that is not valid R4). */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: IssueType,
    message: string,
    readonly expression?: string,
    readonly headers: Record<string, string> = {},
    readonly issues?: OperationOutcomeIssue[],
  ) {
    super(message);
  }
}

export const outcome = (severity: 'error' | 'information', code: IssueType, diagnostics: string, expression?: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity, code, diagnostics, ...(expression && { expression: [expression] }) }],
});

const ISSUE_OF_STATUS: Record<number, IssueType> = { 400: 'invalid', 401: 'login', 403: 'forbidden', 404: 'not-found', 410: 'deleted', 413: 'invalid', 415: 'not-supported', 422: 'processing', 429: 'throttled' };

/**
 * Every FHIR answer that is not a resource is an OperationOutcome with the
 * right status (issue 35 section 1), never the `{ errors }` of /api, never
 * SQL or a stack trace.
 */
export function fhirErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    void reply.type(FHIR_JSON);
    if (error instanceof FhirError) {
      const answer = error.issues ? { resourceType: 'OperationOutcome', issue: error.issues } : outcome('error', error.code, error.message, error.expression);
      return void reply.headers(error.headers).status(error.statusCode).send(answer);
    }
    const answer = errorAnswer(error, request);
    const code = ISSUE_OF_STATUS[answer.status] ?? (answer.status === 503 ? 'transient' : answer.status >= 500 ? 'exception' : 'invalid');
    void reply
      .headers(answer.headers)
      .status(answer.status)
      .send(outcome('error', code, answer.errors.map((e) => e.message).join('; ')));
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.type(FHIR_JSON).status(404).send(outcome('error', 'not-supported', `${request.method} ${request.url.split('?')[0]} is not supported`));
  });
}
