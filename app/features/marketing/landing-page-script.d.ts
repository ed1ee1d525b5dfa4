// The URL of the landing page's script, given to the server build by landing-page-script.vite.ts.
declare module "virtual:landing-page-script" {
  const src: string;
  export default src;
}
