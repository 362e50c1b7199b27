/** The promotions module's public surface: other modules and the app import only this. */
export { PromotionsModule } from './promotions.module';
export { promotionsStreamKinds } from './promotions.stream-kinds';
export { promotionEvents, promotionStreamId } from './promotions.events';
