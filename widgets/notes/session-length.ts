/** A note's session duration as the list and details show it; '' when none was given. */
export const sessionLength = (minutes: number | null) => (minutes === null ? '' : `${minutes} min`);
