package dev.vkrules.generator.rules;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Reads YAML into {@link YNode}s with positions, using Jackson's streaming parser. */
public final class YamlReader {
  private static final YAMLFactory FACTORY = new YAMLFactory();

  private YamlReader() {}

  /** Parses one YAML document; {@code file} names it in positions and errors. */
  public static YNode read(String file, String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        return new YNode.Map(new YNode.Pos(file, 1, 1), Map.of(), Map.of());
      }
      return node(file, p, t);
    } catch (JsonProcessingException e) {
      MarkedYAMLException marked = marked(e);
      if (marked != null && marked.getProblemMark() != null && marked.getProblem() != null) {
        // The parser's problem mark is where the bad character is; Jackson's location is where
        // the token it was scanning for began, often the end of the previous line.
        Mark m = marked.getProblemMark();
        throw new RuleError(new YNode.Pos(file, m.getLine() + 1, m.getColumn() + 1),
            "invalid yaml: " + reason(marked.getProblem()));
      }
      JsonLocation loc = e.getLocation();
      String msg = e.getOriginalMessage().split("\n")[0].toLowerCase(java.util.Locale.ROOT);
      throw new RuleError(new YNode.Pos(file, loc == null ? 1 : loc.getLineNr(),
          loc == null ? 1 : loc.getColumnNr()), "invalid yaml: " + msg);
    } catch (IOException e) {
      throw new RuleError(new YNode.Pos(file, 1, 1), "cannot read: " + e.getMessage());
    }
  }

  private static MarkedYAMLException marked(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYAMLException m) {
        return m;
      }
    }
    return null;
  }

  /** SnakeYAML's problem text on one line, a raw tab shown as {@code \t}. */
  private static String reason(String problem) {
    return problem.replace("\t", "\\t").replace("(TAB)", "").replace('\n', ' ').strip();
  }

  private static YNode node(String file, JsonParser p, JsonToken t) throws IOException {
    YNode.Pos pos = pos(file, p);
    switch (t) {
      case START_OBJECT -> {
        Map<String, YNode> entries = new LinkedHashMap<>();
        Map<String, YNode.Pos> keys = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          YNode.Pos keyPos = pos(file, p);
          if (entries.containsKey(key)) {
            throw new RuleError(keyPos, "duplicate key '" + key + "'");
          }
          keys.put(key, keyPos);
          entries.put(key, node(file, p, p.nextToken()));
        }
        return new YNode.Map(pos, entries, keys);
      }
      case START_ARRAY -> {
        List<YNode> items = new ArrayList<>();
        JsonToken n;
        while ((n = p.nextToken()) != JsonToken.END_ARRAY) {
          items.add(node(file, p, n));
        }
        return new YNode.Seq(pos, items);
      }
      case VALUE_NULL -> {
        return new YNode.Scalar(pos, null);
      }
      default -> {
        return new YNode.Scalar(pos, p.getText());
      }
    }
  }

  private static YNode.Pos pos(String file, JsonParser p) {
    JsonLocation loc = p.currentTokenLocation();
    return new YNode.Pos(file, loc.getLineNr(), loc.getColumnNr());
  }
}
