import * as z from 'zod';

/** POST …/logs (RequestInstanceLogsResponse): the id to fetch the lines with. */
export const LogsRequestResponse = z.looseObject({ request_id: z.number().int() });

/** GET …/logs?request_id= (GetInstanceLogsResponse): the lines as one text. */
export const LogsResponse = z.looseObject({ logs: z.string().nullish() });
