// Preloaded into a server process (`node --require`): says which react-dom/server build Node actually loaded,
// read from the module cache (the file React's entry picked by NODE_ENV), once the app has imported it.
const timer = setInterval(() => {
  const loaded = Object.keys(require.cache).find((file) =>
    /react-dom-server\.node\.(production|development)\.js$/.test(file),
  );
  if (!loaded) return;
  clearInterval(timer);
  const build = /\.(production|development)\.js$/.exec(loaded)[1];
  console.log(`react-dom/server build: ${build} (${loaded})`);
}, 50);
timer.unref();
