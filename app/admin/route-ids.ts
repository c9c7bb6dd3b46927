// The route ids of the back office (admin/pages.ts names them): the shop's root and message loader recognise its
// pages by these alone, without loading the back office's page list.

/** True for a route id of the back office (`zh:admin-team` too). */
export const isAdminRoute = (id: string) => /^(zh:)?admin(-|$)/.test(id);
