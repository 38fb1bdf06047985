export const review = {} as const;
