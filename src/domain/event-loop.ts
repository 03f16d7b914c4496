/** Lets the event loop turn once: pending I/O (a key typed, a connection's next step) is handled now. */
export const turnOfTheLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
