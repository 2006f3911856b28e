export declare const CLOCK_OFFSET_MS: number;
export declare const shiftedDateScript: string;
export declare function chromiumEnv(): NodeJS.ProcessEnv;
