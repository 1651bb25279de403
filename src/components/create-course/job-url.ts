/**
 * The job being generated lives in the page's URL (?job=<id>), so a reload, or a learner who
 * comes back to the tab, shows the loader again and carries on polling. Other parameters (the
 * header search's ?topic=) are kept.
 */
export const JOB_PARAM = "job";

/** The path with ?job= set to `jobId`, or removed when `jobId` is null. */
export function urlWithJob(pathname: string, search: string, jobId: string | null): string {
  const params = new URLSearchParams(search);
  if (jobId === null) params.delete(JOB_PARAM);
  else params.set(JOB_PARAM, jobId);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job id in the URL, when it has the shape of one (anything else is ignored). */
export function jobIdFromParam(param: string | null | undefined): string | null {
  return param && UUID.test(param) ? param : null;
}
