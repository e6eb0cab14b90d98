export declare const NODE_FLAGS: string[];
export declare const SERVER_ENTRY: string;
export declare const SERVER_ARGS: string[];
