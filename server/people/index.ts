export { registerPeopleCalls } from './registerPeopleCalls';
export { ensureChatAppConfigs } from './chatAppConfig';
export { chatAdaptersFor, replaceChatAdapter } from './chatAdapters';
export { refuseInitialPasswordSignIn } from './initialPassword';
