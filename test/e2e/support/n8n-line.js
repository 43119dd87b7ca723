// Every n8n helper of this test file (scripts/n8n/n8n-app.js) runs the n8n line of its jest project.
process.env.N8N_APP_VERSION = globalThis.N8N_APP_VERSION;
