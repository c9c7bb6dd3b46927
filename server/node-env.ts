// Imported first by main.ts: React and other libraries choose their production builds from NODE_ENV
// when they are first loaded, so it must be set before any of them is imported.
process.env.NODE_ENV ||= "production";
