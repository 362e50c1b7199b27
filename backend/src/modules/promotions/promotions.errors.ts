import { PROMOTION_REFUSALS, type PromotionRefusal } from '../../../../contracts/promotions/promotion-terms';
import { ModuleError } from '../../platform/common/module-error';

/** A code that does not apply to this checkout, with the reason the customer reads. */
export class PromotionRefusedError extends ModuleError {
  static readonly code = 'promotion.refused';
  static readonly status = 422;
  constructor(readonly reason: PromotionRefusal) {
    super(PROMOTION_REFUSALS[reason]);
  }
}

/** A promotion by that code or id exists already (ended ones too: a code is never reused). */
export class PromotionExistsError extends ModuleError {
  static readonly code = 'promotion.exists';
  static readonly status = 409;
  constructor(code: string) {
    super(`A promotion with the code ${code} exists already; codes are never reused, even after they end.`);
  }
}

export class PromotionNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('No promotion by that id.');
  }
}
