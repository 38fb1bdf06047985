export const web = {} as const;
