import { AppError } from './app-error';

/**
 * A module's expected failure. Each subclass declares its stable `code` and HTTP `status` as
 * static fields, once, in the module's `<m>.errors.ts`: a decider throws it without knowing HTTP,
 * the transport and the error filter read the status from the error, and a test lists every
 * code the modules can answer with against the contracts (modules/error-codes.spec.ts).
 */
export abstract class ModuleError extends AppError {
  constructor(message: string) {
    const { code, status } = new.target as unknown as Partial<ModuleErrorStatics>;
    if (typeof code !== 'string' || typeof status !== 'number') throw new TypeError(`${new.target.name} declares no static code and status`);
    super(code, status, message);
  }
}

export interface ModuleErrorStatics {
  readonly code: string;
  readonly status: number;
}
