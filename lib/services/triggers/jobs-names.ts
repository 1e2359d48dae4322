/** Queue names of the trigger engine (kept apart so services can enqueue without importing the handlers). */
export const POLL_JOB = 'triggers.poll';
export const SWEEP_JOB = 'triggers.sweep';
