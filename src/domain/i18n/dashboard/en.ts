export const dashboard = {} as const;
