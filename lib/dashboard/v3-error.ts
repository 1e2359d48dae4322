/** Error of a v3 call, parsed from the `{error:{message, slug, status, suggested_fix}}` envelope (server and browser). */
export class V3Error extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly slug: string,
    readonly suggestedFix?: string,
    readonly requestId?: string,
    readonly details?: string[],
  ) {
    super(message);
  }

  /** The server does not have this operation (an extension or a newer area). */
  get missing(): boolean {
    return this.status === 404 && this.slug === 'Route_NotFound';
  }

  toJSON() {
    return {
      error: {
        message: this.message,
        status: this.status,
        slug: this.slug,
        suggested_fix: this.suggestedFix,
        request_id: this.requestId,
        errors: this.details,
      },
    };
  }
}
