// Where "Open result" goes: the playground with the job's thread, acting as the user the job was created for.
export function openResultHref(job: { id: string; on_behalf_of?: string | null }): string {
  const params = new URLSearchParams({ response: job.id, on_behalf_of: job.on_behalf_of ?? '' });
  return `/?${params.toString()}`;
}
