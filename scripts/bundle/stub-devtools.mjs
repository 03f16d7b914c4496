// Stand-in for react-devtools-core: the bundle must not carry (or try to load) the devtools client.
export default { initialize() {}, connectToDevTools() {} };
