/** 6 to 20 letters, digits or `_`, starting with a letter. */
const usernamePattern = /^[A-Za-z]\w{5,19}$/;
const suggestionCount = 3;

export interface UsernameAvailability {
  hasError: false;
  isValid: boolean;
  isAvailable: boolean;
  suggestedUserName?: string[];
}

/** Whether `username` may be given to a new user; `taken` says whether a user holds a name
 * (compared without case). A taken name comes with free names made by appending digits. */
export function usernameAvailability(
  username: string,
  taken: (name: string) => boolean,
): UsernameAvailability {
  const isValid = usernamePattern.test(username);
  if (!isValid) return { hasError: false, isValid, isAvailable: false };
  if (!taken(username)) return { hasError: false, isValid, isAvailable: true };
  const suggestedUserName: string[] = [];
  for (let n = 1; suggestedUserName.length < suggestionCount; n += 1) {
    const candidate = `${username.slice(0, 20 - String(n).length)}${n}`;
    if (!taken(candidate)) suggestedUserName.push(candidate);
  }
  return { hasError: false, isValid, isAvailable: false, suggestedUserName };
}
