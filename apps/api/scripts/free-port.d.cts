/** A port below the kernel's ephemeral range that nothing listens on now, for a child process to listen on. */
export function freePort(): Promise<number>;
