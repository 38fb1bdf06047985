import type { RegisteredOption } from './state';
import type { OptionValue } from './types';

/**
 * What Discord's client enforces before a slash command is sent at all: required options, the
 * registered choices, and a string's length and a number's range. A test asking for more gets an
 * error, not an interaction; a forged client (`forge`) can still send anything.
 */
export function checkOptions(
  command: string,
  declared: RegisteredOption[],
  given: Record<string, OptionValue>,
): void {
  const refuse = (why: string) => {
    throw new Error(`fake Discord: /${command}: ${why}`);
  };
  for (const option of declared) {
    const value = given[option.name];
    if (value === undefined) {
      if (option.required) refuse(`needs ${option.name}`);
      continue;
    }
    if (option.choices && !option.choices.some((c) => c.value === value)) {
      refuse(`${option.name} has no choice ${JSON.stringify(value)}`);
    }
    if (typeof value === 'string') {
      const length = [...value].length;
      if (length > (option.max_length ?? 6000)) refuse(`${option.name} is over its max_length`);
      if (length < (option.min_length ?? 0)) refuse(`${option.name} is under its min_length`);
    }
    if (typeof value === 'number') {
      if (value > (option.max_value ?? Infinity)) refuse(`${option.name} is over its max_value`);
      if (value < (option.min_value ?? -Infinity)) refuse(`${option.name} is under its min_value`);
    }
  }
}
