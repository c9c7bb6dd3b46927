// The fr texts every page may show (START_MESSAGES of ../messages.ts): one chunk, loaded before hydration.
import api from "#core/i18n/locales/fr/api.json";
import common from "#core/i18n/locales/fr/common.json";
import validation from "#core/i18n/locales/fr/validation.json";
import catalogue from "#core/i18n/locales/fr/catalogue.json";
import search from "#core/i18n/locales/fr/search.json";
import cart from "#core/i18n/locales/fr/cart.json";

export default { api, common, validation, catalogue, search, cart };
