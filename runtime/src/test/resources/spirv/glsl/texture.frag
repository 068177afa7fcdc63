#version 450
layout(location = 0) in vec4 color;
layout(location = 1) flat in int mode;
layout(location = 0) out vec4 outColor;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform Params { mat4 m; float weights[3]; int count; double scale; } params;
layout(constant_id = 0) const int SAMPLES = 4;
layout(constant_id = 1) const float BIAS = 0.25;
layout(constant_id = 2) const bool FLIP = false;

float weigh(float x) { return x * 0.1 + float(params.count) + BIAS; }

void main() {
  vec4 c = texture(tex, color.xy) * weigh(color.z);
  switch (mode) {
    case 0: c += vec4(-2.5, 1e20, 0.0, 1.0 / 3.0); break;
    case 1: c = c.wzyx; break;
    case 7: c *= float(SAMPLES * 2 + 1); break;
    default: c = vec4(length(c), pow(c.x, 2.2), clamp(c.y, 0.0, 1.0), 1.0);
  }
  for (int i = 0; i < SAMPLES; i++) { c.x += params.weights[i % 3]; }
  if (FLIP) c = -c;
  if (color.w > 0.5) discard;
  outColor = c * float(params.scale);
}
