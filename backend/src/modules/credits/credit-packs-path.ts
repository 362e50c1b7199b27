/** Where credit packs are bought: the plugin's balance and the dashboard's summary both link here. */
export const CREDIT_PACKS_PATH = '/resources?category=api_credits';
