package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.CountedPart;
import dev.vkrules.runtime.engine.base.Unknown;
import dev.vkrules.runtime.engine.layout.Layout;
import dev.vkrules.runtime.engine.module.Decorations;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.spirv.grammar.Decoration;
import dev.vkrules.runtime.spirv.grammar.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Vertex streams and transform feedback of an entry point as a whole, which the
 * transformFeedback limits bound: how many streams its call tree emits to, and how many
 * bytes each stream's buffers take. Emitted streams are gathered for every entry point in
 * one pass over the module, the first time one is asked for.
 */
public final class TransformFeedback {
  private final InterfaceView f;
  private final Layout layout;
  /** Per entry point (index into m.entryPoints): the constant streams it emits to. */
  private final BitSet[] streams;
  /** Per entry point: whether some emission has a stream that is not a constant. */
  private final boolean[] unknownStream;

  /** The transform feedback of the module {@code f} views, with its explicit {@code layout}. */
  public TransformFeedback(InterfaceView f, Layout layout) {
    this.f = f;
    this.layout = layout;
    ModuleIndex m = f.module();
    streams = new BitSet[m.entryPoints.length];
    unknownStream = new boolean[m.entryPoints.length];
    for (int e = 0; e < streams.length; e++) {
      streams[e] = new BitSet();
    }
    // the module's OpEmitVertex and OpEmitStreamVertex inside functions, as the index listed them
    for (int i : m.emits()) {
      int x = m.starts[i];
      int op = f.opcode(x);
      int fn = m.functionOf[i];
      long stream = -1;
      try {
        // OpEmitVertex emits to stream 0; OpEmitStreamVertex to its (constant) Stream
        stream = op == Op.OpEmitVertex ? 0 : f.constant(f.def(m.words[x + 1]));
      } catch (Unknown u) {
        // a specialization constant or computed stream: not known here
      }
      BitSet eps = f.reach().reachingFunction[fn];
      for (int e = eps.nextSetBit(0); e >= 0; e = eps.nextSetBit(e + 1)) {
        if (stream >= 0 && stream < Integer.MAX_VALUE) {
          streams[e].set((int) stream);
        } else {
          unknownStream[e] = true;
        }
      }
    }
  }

  /** The number of distinct vertex streams the entry point emits to; unknown when a stream is not a constant and fewer than two are known. */
  public long emittedStreams(int ep) {
    int e = Arrays.binarySearch(f.module().entryPoints, ep);
    if (e < 0) {
      return Unknown.raise();
    }
    int n = streams[e].cardinality();
    return n < 2 && unknownStream[e] ? Unknown.raise() : n;
  }

  /**
   * The largest, over vertex streams, of the sum of the buffer data sizes of the buffers
   * writing to the stream. A buffer's data size is the largest Offset plus size of the
   * outputs captured to it (XfbBuffer); an output's stream is its effective Stream (0 when
   * none). Captures whose buffer, offset or size is not known are left out, so the result
   * never exceeds the true size.
   */
  public long largestStreamDataSize(int ep) {
    if (!f.anyDecoration(Decoration.XfbBuffer)) {
      return 0; // no output is captured: not one per output to find that out
    }
    Map<Long, Long> bufferSize = new TreeMap<>();
    Map<Long, TreeSet<Long>> bufferStreams = new TreeMap<>();
    // while counting: per buffer, the Offset decoration of the capture that ends it
    Map<Long, Integer> bufferEnd = f.device().counting() ? new TreeMap<>() : null;
    for (int d : layout.outputOffsets(ep)) {
      long buffer;
      long end;
      try {
        buffer = layout.effective(d, Decoration.XfbBuffer);
        end = layout.effective(d, Decoration.Offset) + layout.size(f.dataType(d));
      } catch (Unknown u) {
        continue;
      }
      long stream;
      try {
        stream = layout.effective(d, Decoration.Stream);
      } catch (Unknown u) {
        stream = 0;
      }
      if (bufferEnd != null && end > bufferSize.getOrDefault(buffer, -1L)) {
        bufferEnd.put(buffer, d);
      }
      bufferSize.merge(buffer, end, Math::max);
      bufferStreams.computeIfAbsent(buffer, k -> new TreeSet<>()).add(stream);
    }
    Map<Long, Long> streamSize = new TreeMap<>();
    bufferSize.forEach((b, size) -> bufferStreams.get(b).forEach(s -> streamSize.merge(s, size, Long::sum)));
    long largest = streamSize.values().stream().mapToLong(Long::longValue).max().orElse(0);
    if (bufferEnd != null) {
      f.device().counted(parts(bufferSize, bufferStreams, bufferEnd, streamSize, largest));
    }
    return largest;
  }

  /**
   * The buffers of the (first) largest stream, each with its data size, named by its XfbBuffer
   * number and the output that ends it ({@code XfbBuffer 1 (outPos)}), at that output's declaration.
   */
  private List<CountedPart> parts(Map<Long, Long> bufferSize, Map<Long, TreeSet<Long>> bufferStreams,
      Map<Long, Integer> bufferEnd, Map<Long, Long> streamSize, long largest) {
    Long stream = streamSize.entrySet().stream().filter(e -> e.getValue() == largest).map(Map.Entry::getKey)
        .findFirst().orElse(null);
    List<CountedPart> out = new ArrayList<>();
    bufferSize.forEach((b, size) -> {
      if (stream != null && bufferStreams.get(b).contains(stream)) {
        Decorations.Target t = Decorations.target(f, bufferEnd.get(b));
        int declared = f.def(t.id());
        String name = t.member() < 0 ? CountedParts.names(f).ofId(t.id())
            : CountedParts.names(f).member(declared, t.member());
        out.add(new CountedPart("XfbBuffer " + b + " (" + name + ")", size, CountedParts.BYTES, declared));
      }
    });
    return CountedParts.ordered(out);
  }
}
