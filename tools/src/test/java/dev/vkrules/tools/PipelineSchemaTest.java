package dev.vkrules.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.networknt.schema.Schema;
import dev.vkrules.runtime.pipeline.PipelineReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/schemas/pipeline.schema.json describes vkrules' own pipeline form: every example
 * description under examples/pipelines (Fossilize captures aside) conforms and is read by vkrules;
 * descriptions the schema rejects are rejected by the reader too.
 */
class PipelineSchemaTest {
  private static final Path ROOT = Path.of(System.getProperty("vkrules.root", ".."));
  private static final Schema SCHEMA = JsonSchemas.load(ROOT.resolve("docs/schemas/pipeline.schema.json"));

  private static List<Path> ownForm() throws IOException {
    List<Path> out = new java.util.ArrayList<>();
    try (Stream<Path> s = Files.walk(ROOT.resolve("examples/pipelines"))) {
      out.addAll(s.filter(p -> p.toString().endsWith(".json")).filter(p -> !p.getParent().endsWith("fossilize"))
          .sorted().toList());
    }
    // the layers' tests written as descriptions (graphics pipeline libraries among them)
    try (Stream<Path> s = Files.walk(ROOT.resolve("peers/vvl-pipelines/cases"))) {
      out.addAll(s.filter(p -> p.getFileName().toString().equals("pipeline.json")).sorted().toList());
    }
    return out;
  }

  @Test
  void everyExampleDescriptionConformsAndIsRead() throws Exception {
    List<Path> files = ownForm();
    assertFalse(files.isEmpty());
    for (Path f : files) {
      assertEquals(List.of(), JsonSchemas.violations(SCHEMA, Files.readString(f)), f.toString());
      assertFalse(PipelineReader.read(f).pipelines().isEmpty(), f.toString());
    }
  }

  @Test
  void theSchemaIsNotVacuous() throws Exception {
    String json = Files.readString(ROOT.resolve("examples/pipelines/terrain/pipeline.json"));
    for (String broken : List.of(
        json.replace("\"pStages\"", "\"stages\""),                       // Fossilize's name, not vk.xml's
        json.replace("\"viewMask\": 0", "\"viewMask\": -1"),              // not a uint32_t
        json.replace("\"VK_SAMPLE_COUNT_4_BIT\"", "4"),                   // an enum by its value
        "{\"VkComputePipelineCreateInfo\": {}}")) {                       // no stage
      assertNotEquals(List.of(), JsonSchemas.violations(SCHEMA, broken), broken);
    }
  }
}
