import { applyDecorators, type CanActivate, type ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppError } from '../platform/common/app-error';
import { AdminGate, type AdminCaller, type AdminRoleName } from './admin-operation';
import { contextFromRequest } from './request-context';

export const ADMIN_ROUTE_METADATA = 'admin-route';

/**
 * The declaration beside an admin controller route: its name in the audit log, who may call it,
 * and whether it only reads or records its audit entry (through AdminGate.record, each outcome).
 */
export interface AdminRouteDeclaration {
  name: string;
  role: AdminRoleName;
  audit: 'reads' | 'recorded';
  /** For a plain HTML form: a refusal sends the browser back here with `?problem=forbidden|owner_only`, not an error page. */
  formPage?: string;
}

const callers = new WeakMap<Request, AdminCaller>();

/** Checks the declared role before the handler reads anything of the request (a multipart body included). */
@Injectable()
class AdminRouteGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly gate: AdminGate,
  ) {}

  async canActivate(execution: ExecutionContext): Promise<boolean> {
    const declared = this.reflector.get<AdminRouteDeclaration | undefined>(ADMIN_ROUTE_METADATA, execution.getHandler());
    if (!declared) throw new Error('AdminRouteGuard on a route with no AdminRoute declaration');
    const http = execution.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    try {
      callers.set(req, await this.gate.admit(declared.role, contextFromRequest(req, res)));
      return true;
    } catch (error) {
      if (!(error instanceof AppError) || !declared.formPage) throw error;
      res.setHeader('cache-control', 'private, no-store');
      res.redirect(303, `${declared.formPage}?problem=${error.code === 'admin.owner_only' ? 'owner_only' : 'forbidden'}`);
      // Answered: Nest's refusal that follows finds the headers sent and writes nothing.
      return false;
    }
  }
}

/** Declares an admin controller route and checks its role first. */
export const AdminRoute = (declaration: AdminRouteDeclaration) => applyDecorators(SetMetadata(ADMIN_ROUTE_METADATA, declaration), UseGuards(AdminRouteGuard));

/** Who the route's guard admitted for this request. */
export function adminRouteCaller(req: Request): AdminCaller {
  const caller = callers.get(req);
  if (!caller) throw new Error('adminRouteCaller: the route has no AdminRoute declaration');
  return caller;
}
