export const SMOKE_TEST: string;
export interface InstallStep {
  command: string;
  args: string[];
  cwd?: string;
}
export interface InstallPlan {
  installer: string;
  steps: InstallStep[];
  executable: string;
  cleanup: InstallStep[];
}
/** How each installer of a platform is installed, and where its app's executable then is. */
export function installPlans(
  platform: NodeJS.Platform,
  distFiles: string[],
  dist: string,
  work: string,
): InstallPlan[];
/** The smoke flow's command on a platform, against one installed app. */
export function smokeCommand(platform: NodeJS.Platform): string[];
