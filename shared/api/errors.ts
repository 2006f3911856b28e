/** The server's error body: `{ errors: [{ field?, message }] }` (docs/architecture.md). */
export interface FieldError {
  field?: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldError[],
  ) {
    super(errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ') || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The spec renders the server's bare 'Required' as 'is required' under a field. */
export function fieldMessage(message: string): string {
  return message === 'Required' ? 'is required' : message;
}
