#version 450
// One-dimensional and arrayed images (Sampled1D, Image1D, ImageCubeArray): a 1D
// transfer-function texture, a 1D storage image and a cube-array storage image.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) uniform sampler1D transferFunction;
layout(set = 0, binding = 1) uniform sampler1DArray gradients;
layout(set = 0, binding = 2, rgba8) uniform writeonly image1D curveOut;
layout(set = 0, binding = 3, rgba16f) uniform writeonly imageCubeArray probeOut;
layout(set = 0, binding = 4, r32f) uniform readonly image1DArray curveIn;

void main() {
    int x = int(gl_GlobalInvocationID.x);
    int width = imageSize(curveOut);
    if (x >= width) return;
    float t = (float(x) + 0.5) / float(width);
    vec4 c = textureLod(transferFunction, t, 0.0);
    vec4 g = texture(gradients, vec2(t, 1.0));
    float v = imageLoad(curveIn, ivec2(x, 0)).r;
    imageStore(curveOut, x, c * v);
    ivec3 size = imageSize(probeOut);
    imageStore(probeOut, ivec3(x % size.x, x / size.x % size.y, 3), g);
}
