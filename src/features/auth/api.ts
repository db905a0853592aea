export type Submission = typeof import('@/features/auth/sign-in/submission')

/**
 * The sign-in form's schema and request (submission.ts), fetched on first use. Sending the form
 * is not a TanStack Query mutation: signing in changes nothing a query cache holds, and the
 * first page anyone sees is kept free of Query, the schema library and the API client.
 */
export function loadSubmission(): Promise<Submission> {
  return import('@/features/auth/sign-in/submission')
}
