export const reading = {} as const;
