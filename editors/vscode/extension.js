// Starts `riskrules lsp` (stdio) for .rules files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("riskrules");
  const command = config.get("server.command", "riskrules");
  const args = config.get("server.args", ["lsp"]);
  client = new LanguageClient(
    "riskrules",
    "riskrules",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "riskrules" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
