module.exports = async function globalTeardown() {
  await globalThis.__academyServer?.stop();
};
