/**
 * How often an outside system may call (issue 35 section 1, 429): counted in
 * PostgreSQL per client (FHIR calls) and per address (token requests), so
 * every server process shares the counts. A poller every few seconds stays
 * far below; a runaway loop is stopped without starving the staff's pages.
 */
export const FHIR_CALLS_PER_CLIENT = { limit: 600, windowSeconds: 60 };
export const TOKEN_REQUESTS_PER_ADDRESS = { limit: 60, windowSeconds: 60 };

/** A referral Bundle's largest body: a Task, its request, the patient and what they refer to fit many times over. */
export const REFERRAL_BODY_LIMIT = 512 * 1024;
