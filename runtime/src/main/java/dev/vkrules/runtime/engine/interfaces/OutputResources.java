package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.Facts;

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
  public static long combined(Facts f, int ep) {
    long n = 0;
    for (int v : f.referencedVariables(ep)) {
      if (f.resource(v, ResourceType.STORAGE_BUFFER, ResourceType.STORAGE_IMAGE, ResourceType.STORAGE_TEXEL_BUFFER)) {
        n++;
      }
    }
    return n + InterfaceSlots.distinctLocations(f, ep, InterfaceSlots.OUTPUT);
  }
}
