package dev.vkrules.tools;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Validates JSON text against a JSON Schema file (draft-07, formats asserted). */
final class JsonSchemas {
  private JsonSchemas() {}

  static Schema load(Path schemaFile) {
    try {
      SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);
      return registry.getSchema(Files.readString(schemaFile), InputFormat.JSON);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The violations, one line each ("instance location: message"); empty when the text conforms. */
  static List<String> violations(Schema schema, String json) {
    List<Error> errors = schema.validate(json, InputFormat.JSON,
        (context, schemaContext) -> context.executionConfig(config -> config.formatAssertionsEnabled(true)));
    return errors.stream().map(Error::toString).toList();
  }
}
