package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.base.CountedPart;
import java.util.ArrayList;
import java.util.List;

/**
 * What maxFragmentCombinedOutputResources bounds for an entry point, as the limits chapter
 * defines the limit: "the total number of storage buffers, storage images, and output Location
 * decorated color attachments ... which can be used in the fragment shader stage". Storage
 * buffers and storage images (storage texel buffers among them, as the chapter's storage image
 * limits count them) are those its call tree statically uses, read or written, each variable
 * once (which elements of a descriptor array are used is a run-time matter); color attachments
 * are the distinct Locations of its user-defined outputs. A lower bound, so a finding is certain.
 */
public final class OutputResources {
  private OutputResources() {}

  /** The storage buffers and images the entry point's call tree uses plus its distinct output Locations. */
  public static long combined(InterfaceView f, int ep) {
    long n = 0;
    for (int v : f.referencedVariables(ep)) {
      if (storage(f, v)) {
        n++;
      }
    }
    long total = n + InterfaceSlots.distinctLocations(f, ep, InterfaceSlots.OUTPUT);
    if (f.device().counting()) {
      f.device().counted(parts(f, ep));
    }
    return total;
  }

  private static boolean storage(InterfaceView f, int v) {
    return ShaderResources.resource(f, v, ResourceType.STORAGE_BUFFER, ResourceType.STORAGE_IMAGE, ResourceType.STORAGE_TEXEL_BUFFER);
  }

  /** Each storage buffer or image the call tree uses as one resource, and the Locations of each output. */
  private static List<CountedPart> parts(InterfaceView f, int ep) {
    List<CountedPart> out = new ArrayList<>();
    for (int v : f.referencedVariables(ep)) {
      if (storage(f, v)) {
        out.add(new CountedPart(CountedParts.names(f).variable(v), 1, CountedParts.RESOURCES, v));
      }
    }
    out.addAll(CountedParts.locations(f, ep, InterfaceSlots.OUTPUT));
    return CountedParts.ordered(out);
  }
}
