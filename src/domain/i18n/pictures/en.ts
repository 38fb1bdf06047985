export const pictures = {} as const;
