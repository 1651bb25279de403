export * from "./api-token";
export * from "./chat";
export * from "./course";
export * from "./progress";
export * from "./user";
