// The zh texts every page may show (START_MESSAGES of ../messages.ts): one chunk, loaded before hydration.
import api from "#core/i18n/locales/zh/api.json";
import common from "#core/i18n/locales/zh/common.json";
import validation from "#core/i18n/locales/zh/validation.json";
import catalogue from "#core/i18n/locales/zh/catalogue.json";
import search from "#core/i18n/locales/zh/search.json";
import cart from "#core/i18n/locales/zh/cart.json";

export default { api, common, validation, catalogue, search, cart };
