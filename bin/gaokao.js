#!/usr/bin/env node
// The launcher runs the compiled CLI; `npm ci` compiles it through the `prepare` script.
import '../dist/cli/main.js'
