package dev.vkrules.generator;

import java.nio.file.Path;

/** Where the emitters read from; each emitter loads only what it needs. */
public record GenerationInputs(Path specSources, Path rules) {}
