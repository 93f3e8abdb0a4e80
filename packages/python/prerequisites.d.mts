export declare const pythonModules: readonly { module: string; debian: string }[];
export declare function pythonCommand(env?: NodeJS.ProcessEnv): string;
export declare function missingPythonPackages(env?: NodeJS.ProcessEnv): string[];
export declare function missingPythonMessage(packages: string[], env?: NodeJS.ProcessEnv): string;
